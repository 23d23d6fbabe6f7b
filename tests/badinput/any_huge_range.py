# badinput: any(range(0, 10**13, 1) equal to -1) through map
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
print(any(map(lambda x: x < 0, range(10**13))))
