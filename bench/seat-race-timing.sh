# Sourced by seat-race-history.sh and seat-race-wide.sh with the binaries to time: prints, for each, the
# median of 3 wall-clock runs of `roster rank` and `seat-race list` on "$work/club.db".
median() {
    local times=()
    for _ in 1 2 3; do
        local start end
        start=$(date +%s%N)
        "$@" >/dev/null
        end=$(date +%s%N)
        times+=("$(((end - start) / 1000000))")
    done
    printf '%s\n' "${times[@]}" | sort -n | sed -n 2p
}
for bin in "$@"; do
    for command in "roster rank" "seat-race list"; do
        # shellcheck disable=SC2086
        echo "$bin $command: $(median "$bin" --db "$work/club.db" $command) ms"
    done
done
