# badinput: sum(range(10**13)) in a native loop
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
print(sum(range(10**13)))
