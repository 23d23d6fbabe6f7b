#!/usr/bin/env bash
# Runs badinput cases (the given .py files) in real PyTorch/NumPy on the GPU machine and prints, per file, the
# exit code and stdout joined by "|" (the form of their expect-stdout header) for comparison with the committed
# expectations: tests/cuda/check_badinput_torch.sh tests/badinput/h12_*.py
for f in "$@"; do
  out=$(cd "$(dirname "$f")" && timeout 60 python3 "$(basename "$f")" 2>/tmp/err.txt); rc=$?
  echo "FILE $f"
  echo "exit $rc"
  echo "stdout $(printf '%s' "$out" | paste -sd'|')"
  echo "stderr-last $(tail -1 /tmp/err.txt)"
done
