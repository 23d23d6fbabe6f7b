# badinput: a handler that swallows MemoryError and keeps growing: the heap stays at the cap plus its margin (each try raises again) until the budget ends the loop
# kiln-args: --max-heap-mb 128 --max-instructions 2000000
# expect-exit: 1
# expect-stderr: KilnLimitError: instruction budget of 2000000 exhausted
hoard = []
while True:
    try:
        hoard.append([0] * 1000)
    except MemoryError:
        pass
