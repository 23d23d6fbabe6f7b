# badinput: at the heap cap, every try of a growing loop raises MemoryError into its own handler (the exception's delivery does not trip the cap again at the handler's first instruction, where it would escape unchained)
# kiln-args: --max-heap-mb 128
# expect-exit: 0
# expect-stdout: caught 5 times, then freed
hoard = []
caught = 0
while caught < 5:
    try:
        hoard.append([0] * 1000)
    except MemoryError:
        caught += 1
hoard = None
print("caught", caught, "times, then freed")
