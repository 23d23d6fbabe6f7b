# badinput: --recursion-limit 4294967297 (wraps to 1 in 32 bits) is refused
# kiln-args: --recursion-limit 4294967297
# expect-exit: 2
# expect-stderr: --recursion-limit
print("ran")
