# badinput: --max-heap-mb 0 turns the heap cap off (a program that builds 200 MiB of lists runs)
# kiln-args: --max-heap-mb 0
# expect-exit: 0
# expect-stdout: built 12800
rows = [[0] * 1000 for _ in range(12800)]
print("built", len(rows))
