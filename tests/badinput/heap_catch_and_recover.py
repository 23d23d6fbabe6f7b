# badinput: a program that catches the heap cap's MemoryError, frees its data and goes on (CPython's MemoryError has no message)
# kiln-args: --max-heap-mb 128
# expect-exit: 0
# expect-stdout: MemoryError() () ["Kiln: the program's Python objects reached the heap cap of 128 MiB (raise it with --max-heap-mb N, 0 for none)"] recovered 3
hoard = []
try:
    while True:
        hoard.append([0] * 500)
except MemoryError as e:
    hoard = None
    print(repr(e), e.args, e.__notes__, end=" ")
# under the cap again: the cap is armed again and small work succeeds
again = []
for k in range(3):
    again.append([k] * 100)
print("recovered", len(again))
