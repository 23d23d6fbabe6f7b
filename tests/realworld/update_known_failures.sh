#!/usr/bin/env bash
# Rewrites tests/realworld/KNOWN_FAILURES.txt from a fresh run of every program in Kiln.
#
#   bash tests/realworld/update_known_failures.sh [BUILD_DIR]    # BUILD_DIR defaults to build/native
#
# A program is listed when Kiln's run does not match its golden (kiln_parity fails) or, for a program
# without a golden yet, when Kiln's run exits non-zero. The reason recorded is the first thing that
# stops the program: the exception line Kiln printed (its "Kiln provides: ..." module list cut off),
# or, when it ran to the end, the first differing stdout line as kiln_parity reports it. Run it after
# a feature lands (and rebuild kiln and kiln_parity first); then re-configure so ctest sees the list.
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="${1:-$root/build/native}"
kiln="$build/native/cli/kiln"
parity="$build/tests/kiln_parity"
for exe in "$kiln" "$parity"; do
    [[ -x "$exe" ]] || { echo "update_known_failures.sh: build $exe first" >&2; exit 1; }
done

out="$here/KNOWN_FAILURES.txt"
tmp="$(mktemp)"
trap 'rm -f "$tmp" "$tmp.out" "$tmp.err"' EXIT
cat >"$tmp" <<'EOF'
# Real-program corpus programs whose Kiln run does not match the reference yet, one per line:
#   NAME: the first thing that stops it in Kiln (the error line Kiln prints, or the first differing
#         stdout line when it runs to the end)
# ctest runs the programs that have a golden with WILL_FAIL, so each still runs (no crash, no hang)
# and the test turns red as soon as the program starts to match: then delete its line here.
# Written by update_known_failures.sh; GAPS.md classifies the blockers of programs outside this corpus.
EOF
listed=0
total=0
cd "$here"
for src in *.py; do
    name="${src%.py}"
    total=$((total + 1))
    KILN_CPP_JIT=0 timeout 300 "$kiln" "$src" >"$tmp.out" 2>"$tmp.err"
    rc=$?
    reason=""
    if [[ $rc -ne 0 ]]; then
        reason="$(grep -v '^[[:space:]]*$' "$tmp.err" | grep -v '^  ' | tail -1 | sed 's/ (Kiln provides:.*//' | cut -c1-160)"
        [[ -n "$reason" ]] || reason="exit $rc"
    fi
    if [[ -e "$name.out" ]]; then
        if report="$(KILN_CPP_JIT=0 timeout 300 "$parity" "$src" 2>&1)"; then
            continue
        fi
        if [[ -z "$reason" ]]; then
            reason="$(printf '%s\n' "$report" | sed -n '1,3p' | tr -s ' ' | tr '\n' ' ' | cut -c1-200)"
        fi
    elif [[ $rc -eq 0 ]]; then
        continue
    fi
    # square brackets would unbalance CMake's list splitting of this file (tests/CMakeLists.txt)
    echo "$name: $reason" | tr '[]' '()' >>"$tmp"
    listed=$((listed + 1))
done
mv "$tmp" "$out"
trap - EXIT
rm -f "$tmp.out" "$tmp.err"
echo "update_known_failures.sh: $listed of $total programs listed in KNOWN_FAILURES.txt"
