#!/usr/bin/env python3
"""Checks the layout of lineup's SVG and HTML charts in headless Chromium (Debian's `chromium`, driven by
Playwright): at a phone's width with touch, at a desktop width, and printed on A4 and Letter paper.

    chart_layout.py --html FILE --boats N --svg FILE --shots FOLDER

For every view it checks that no two text boxes overlap, that every text box lies inside its seat, and that
nothing falls outside the page; printed, each boat must take exactly one page. Prints one JSON object
({"problems": [...], "checked": {...}}) and exits 1 when there is a problem, 0 otherwise.
"""
import argparse
import json
import os
import re
import sys

from playwright.sync_api import sync_playwright

# Every text box on the page: the rectangles of each text node's characters (what a reader sees), with the
# data-seat element it belongs to, if any. Glyph boxes of one text node may touch each other (line wraps).
COLLECT = r"""
() => {
  const boxes = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT);
  let node, index = 0;
  while ((node = walker.nextNode())) {
    if (!node.textContent.trim()) continue;
    const parent = node.parentElement;
    if (!parent || parent.closest('style, title, script, head')) continue;
    const style = getComputedStyle(parent);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    const seat = parent.closest('[data-seat]');
    let rects;
    if (parent instanceof SVGElement) {
      // An SVG text or tspan: its own box (each line of a name is a tspan).
      rects = [parent.getBoundingClientRect()];
    } else {
      const range = document.createRange();
      range.selectNodeContents(node);
      rects = Array.from(range.getClientRects());
    }
    for (const r of rects) {
      if (r.width < 0.5 || r.height < 0.5) continue;
      boxes.push({node: index, text: node.textContent.trim().slice(0, 40), seat: seat ? seat.getAttribute('data-seat') : null,
                  seatBox: seat ? (() => { const b = (seat.querySelector('rect') || seat).getBoundingClientRect();
                                           return {x: b.x, y: b.y, w: b.width, h: b.height}; })() : null,
                  x: r.x, y: r.y, w: r.width, h: r.height});
    }
    index++;
  }
  const root = document.documentElement;
  return {boxes, scrollWidth: Math.max(root.scrollWidth, document.body ? document.body.scrollWidth : 0),
          seats: Array.from(document.querySelectorAll('[data-seat]')).map(e => ({seat: e.getAttribute('data-seat'), text: e.textContent}))};
}
"""

TOLERANCE = 0.75


def overlap(a, b):
    return (min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > TOLERANCE and
            min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > TOLERANCE)


def check_view(page, label, width, problems):
    result = page.evaluate(COLLECT)
    boxes = result["boxes"]
    if result["scrollWidth"] > width + 1:
        problems.append(f"{label}: the page is {result['scrollWidth']} px wide, wider than the {width} px view")
    for box in boxes:
        if box["x"] < -TOLERANCE or box["x"] + box["w"] > width + TOLERANCE:
            problems.append(f"{label}: text '{box['text']}' falls outside the page")
        seat = box["seatBox"]
        if seat and not (box["x"] >= seat["x"] - TOLERANCE and box["y"] >= seat["y"] - TOLERANCE and
                         box["x"] + box["w"] <= seat["x"] + seat["w"] + TOLERANCE and
                         box["y"] + box["h"] <= seat["y"] + seat["h"] + TOLERANCE):
            problems.append(f"{label}: text '{box['text']}' is not inside its seat {box['seat']}")
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if a["node"] != b["node"] and overlap(a, b):
                problems.append(f"{label}: text '{a['text']}' overlaps '{b['text']}'")
    return result


def shoot(page, path, width):
    # Playwright's full-page screenshot hangs with Debian's Chromium; a viewport as tall as the page works.
    height = page.evaluate("Math.ceil(document.documentElement.scrollHeight)")
    page.set_viewport_size({"width": width, "height": max(200, height)})
    page.screenshot(path=path)


def pdf_pages(page, paper):
    data = page.pdf(format=paper, print_background=True, prefer_css_page_size=False,
                    margin={"top": "10mm", "bottom": "10mm", "left": "10mm", "right": "10mm"})
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--html", required=True)
    parser.add_argument("--boats", type=int, required=True)
    parser.add_argument("--svg", required=True)
    parser.add_argument("--shots", required=True)
    arguments = parser.parse_args()
    os.makedirs(arguments.shots, exist_ok=True)
    problems = []
    checked = {}
    executable = os.environ.get("LINEUP_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
        html_url = "file://" + os.path.abspath(arguments.html)
        for label, width, height, touch in [("phone", 390, 844, True), ("desktop", 1280, 900, False)]:
            context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                          is_mobile=touch, device_scale_factor=1)
            page = context.new_page()
            page.goto(html_url)
            result = check_view(page, f"html at {label} width", width, problems)
            checked[f"html-{label}"] = len(result["boxes"])
            shoot(page, os.path.join(arguments.shots, f"chart-{label}.png"), width)
            context.close()
        # Printed: the layout at the width of an A4 page's printable area, then the page count on each paper.
        context = browser.new_context(viewport={"width": 718, "height": 1000})
        page = context.new_page()
        page.goto(html_url)
        page.emulate_media(media="print")
        result = check_view(page, "html printed", 718, problems)
        checked["html-print"] = len(result["boxes"])
        shoot(page, os.path.join(arguments.shots, "chart-print.png"), 718)
        page.set_viewport_size({"width": 718, "height": 1000})
        for paper in ["A4", "Letter"]:
            pages = pdf_pages(page, paper)
            checked[f"pages-{paper}"] = pages
            if pages != arguments.boats:
                problems.append(f"printed on {paper}: {pages} pages for {arguments.boats} boat(s)")
        context.close()
        context = browser.new_context(viewport={"width": 760, "height": 900})
        page = context.new_page()
        page.goto("file://" + os.path.abspath(arguments.svg))
        result = check_view(page, "svg", 760, problems)
        checked["svg"] = len(result["boxes"])
        shoot(page, os.path.join(arguments.shots, "chart-svg.png"), 760)
        context.close()
        browser.close()
    print(json.dumps({"problems": problems, "checked": checked}, indent=1))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
