# badinput: --max-instructions 99999999999999999999999 is refused
# kiln-args: --max-instructions 99999999999999999999999
# expect-exit: 2
# expect-stderr: --max-instructions
print("ran")
