# badinput: --max-instructions abc is refused
# kiln-args: --max-instructions abc
# expect-exit: 2
# expect-stderr: --max-instructions
print("ran")
