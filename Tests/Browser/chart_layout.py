#!/usr/bin/env python3
"""Checks the layout of lineup's SVG and HTML charts in headless Chromium (Debian's `chromium`, driven by
Playwright): at a phone's width with touch, at a desktop width, and printed on A4 and Letter paper.

    chart_layout.py --html FILE --boats N --svg FILE --shots FOLDER
    chart_layout.py --regatta FILE --races N --shots FOLDER

For every view it checks that no two text boxes overlap, that every text box lies inside its seat, and that
nothing falls outside the page; printed, each boat must take exactly one page. For a regatta page
(`lineup regatta show --format html`) it checks the paddler x race grid at a desktop width (1280 px) and a
phone's (390 px): the page itself never scrolls sideways; the grid is either wholly in view or scrolls
in its own box, no taller than the window (so its scroll bar can be seen), whose last column can be
scrolled into view with the paddlers' names still shown and whose race headers stay in view when it is
scrolled down; and each race's header holds its whole name, inside the header cell, over at most four
lines, overlapping no other text. Prints one JSON object ({"problems": [...], "checked": {...}}) and exits 1 when there is a
problem, 0 otherwise.
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


# The regatta grid as laid out: the page's width, the scroll box and the table, each race header's text
# lines (rectangles of its race name) and every text box in the header row, and the first name cell.
GRID = r"""
() => {
  const box = document.querySelector('.scroll');
  const table = box && box.querySelector('table.grid');
  if (!table) return null;
  const rect = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
  const textRects = element => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return Array.from(range.getClientRects()).filter(r => r.width >= 0.5 && r.height >= 0.5)
      .map(r => ({x: r.x, y: r.y, w: r.width, h: r.height}));
  };
  const headers = Array.from(table.querySelectorAll('thead th[data-race]')).map((th, index) => {
    const race = th.querySelector('.race') || th;
    const lines = new Set(textRects(race).map(r => Math.round(r.y)));
    return {index, name: th.getAttribute('data-race'), raceText: race.textContent, cell: rect(th),
            texts: textRects(th), lines: lines.size, fontSize: parseFloat(getComputedStyle(race).fontSize)};
  });
  const root = document.documentElement;
  const name = table.querySelector('tbody td.name');
  return {pageWidth: Math.max(root.scrollWidth, document.body.scrollWidth), box: rect(box),
          boxClientWidth: box.clientWidth, boxScrollWidth: box.scrollWidth, overflowX: getComputedStyle(box).overflowX,
          boxClientHeight: box.clientHeight, boxScrollHeight: box.scrollHeight,
          table: rect(table), headers, name: name ? {text: name.textContent, rect: rect(name)} : null};
}
"""


def check_regatta(browser, path, races, shots, problems, checked):
    """The paddler x race grid of a regatta page at a desktop and a phone's width."""
    url = "file://" + os.path.abspath(path)
    for label, width, height, touch in [("desktop", 1280, 900, False), ("phone", 390, 844, True)]:
        context = browser.new_context(viewport={"width": width, "height": height}, has_touch=touch,
                                      is_mobile=touch, device_scale_factor=1)
        page = context.new_page()
        page.goto(url)
        where = f"regatta grid at {width} px"
        grid = page.evaluate(GRID)
        if grid is None:
            problems.append(f"{where}: no grid in a scroll box")
            context.close()
            continue
        if grid["pageWidth"] > width + 1:
            problems.append(f"{where}: the page is {grid['pageWidth']} px wide, wider than the {width} px view")
        box = grid["box"]
        if box["x"] < -TOLERANCE or box["x"] + box["w"] > width + TOLERANCE:
            problems.append(f"{where}: the grid's box reaches outside the page")
        scrolls = grid["boxScrollWidth"] > grid["boxClientWidth"] + 1
        if scrolls and grid["overflowX"] not in ("auto", "scroll"):
            problems.append(f"{where}: the grid is wider than its box, which does not scroll ({grid['overflowX']})")
        if scrolls and box["h"] > height + TOLERANCE:
            problems.append(f"{where}: the grid's box is {box['h']:.0f} px tall, taller than the {height} px window, "
                            "so its scroll bar is out of sight")
        headers = grid["headers"]
        if len(headers) != races:
            problems.append(f"{where}: {len(headers)} race headers for {races} races")
        for header in headers:
            name = header["name"]
            if " ".join(header["raceText"].split()) != " ".join(name.split()):
                problems.append(f"{where}: the header of race {header['index'] + 1} reads "
                                f"'{header['raceText']}', not '{name}'")
            if header["lines"] > 4:
                problems.append(f"{where}: '{name}' takes {header['lines']} lines in its header")
            if header["fontSize"] < 11:
                problems.append(f"{where}: '{name}' is set in {header['fontSize']} px type")
            cell = header["cell"]
            for text in header["texts"]:
                if not (text["x"] >= cell["x"] - TOLERANCE and text["x"] + text["w"] <= cell["x"] + cell["w"] + TOLERANCE
                        and text["y"] >= cell["y"] - TOLERANCE and text["y"] + text["h"] <= cell["y"] + cell["h"] + TOLERANCE):
                    problems.append(f"{where}: text of '{name}' is not inside its header cell")
                    break
        texts = [dict(text, node=header["index"], text=header["name"]) for header in headers for text in header["texts"]]
        for i, a in enumerate(texts):
            for b in texts[i + 1:]:
                if a["node"] != b["node"] and overlap(a, b):
                    problems.append(f"{where}: header '{a['text']}' overlaps '{b['text']}'")
        # In view: each header that is not scrolled out of the box lies within the page.
        for header in headers:
            cell = header["cell"]
            if cell["x"] + cell["w"] <= box["x"] + box["w"] + TOLERANCE and (
                    cell["x"] < -TOLERANCE or cell["x"] + cell["w"] > width + TOLERANCE):
                problems.append(f"{where}: the header of '{header['name']}' falls outside the page")
        if not scrolls and headers and headers[-1]["cell"]["x"] + headers[-1]["cell"]["w"] > width + TOLERANCE:
            problems.append(f"{where}: the last race's column is cut off")
        # The window as a reader sees it (the grid is at the top; the crew sheets below are checked elsewhere).
        page.screenshot(path=os.path.join(shots, f"regatta-{label}.png"))
        if scrolls:
            # Scrolled to its end, the box shows the last race, and the names stay in view beside it.
            page.evaluate("() => { const b = document.querySelector('.scroll'); b.scrollLeft = b.scrollWidth; }")
            after = page.evaluate(GRID)
            last = after["headers"][-1]["cell"] if after["headers"] else None
            edge = after["box"]["x"] + after["box"]["w"]
            if last is None or last["x"] + last["w"] > edge + TOLERANCE or last["x"] < after["box"]["x"] - TOLERANCE:
                problems.append(f"{where}: the last race cannot be scrolled into view")
            name = after["name"]
            if name is None or name["rect"]["x"] < after["box"]["x"] - TOLERANCE or name["rect"]["x"] > width:
                problems.append(f"{where}: the paddlers' names leave the view when the grid is scrolled")
            page.screenshot(path=os.path.join(shots, f"regatta-{label}-scrolled.png"))
        if grid["boxScrollHeight"] > grid["boxClientHeight"] + 1:
            # Scrolled down its own box, the race headers stay in view above the paddlers.
            page.evaluate("() => { const b = document.querySelector('.scroll'); b.scrollTop = b.scrollHeight; }")
            down = page.evaluate(GRID)
            top, bottom = down["box"]["y"], down["box"]["y"] + down["box"]["h"]
            if any(h["cell"]["y"] < top - TOLERANCE or h["cell"]["y"] + h["cell"]["h"] > bottom + TOLERANCE
                   for h in down["headers"] if h["cell"]["x"] + h["cell"]["w"] <= down["box"]["x"] + down["box"]["w"]):
                problems.append(f"{where}: the race headers leave the view when the grid is scrolled down")
        checked[f"regatta-{label}"] = len(headers)
        checked[f"regatta-{label}-scrolls"] = int(scrolls)
        context.close()


def check_charts(browser, arguments, problems, checked):
    """The crew sheets (HTML) and the SVG chart."""
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



def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--html")
    parser.add_argument("--boats", type=int)
    parser.add_argument("--svg")
    parser.add_argument("--regatta")
    parser.add_argument("--races", type=int)
    parser.add_argument("--shots", required=True)
    arguments = parser.parse_args()
    if not (arguments.html and arguments.boats and arguments.svg) and not (arguments.regatta and arguments.races):
        parser.error("give --html, --boats and --svg, or --regatta and --races")
    os.makedirs(arguments.shots, exist_ok=True)
    problems = []
    checked = {}
    executable = os.environ.get("LINEUP_CHROMIUM", "/usr/bin/chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox", "--disable-gpu"])
        if arguments.regatta:
            check_regatta(browser, arguments.regatta, arguments.races, arguments.shots, problems, checked)
        if arguments.html:
            check_charts(browser, arguments, problems, checked)
        browser.close()
    print(json.dumps({"problems": problems, "checked": checked}, indent=1))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
