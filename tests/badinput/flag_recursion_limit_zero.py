# badinput: --recursion-limit 0 is refused
# kiln-args: --recursion-limit 0
# expect-exit: 2
# expect-stderr: --recursion-limit
print("ran")
