# badinput: --max-instructions 1 stops the first statements
# kiln-args: --max-instructions 1
# expect-exit: 1
# expect-stderr: KilnLimitError: instruction budget of 1 exhausted
x = 1
y = 2
print("never")
