# badinput: --max-instructions -5 is refused
# kiln-args: --max-instructions -5
# expect-exit: 2
# expect-stderr: --max-instructions
print("ran")
