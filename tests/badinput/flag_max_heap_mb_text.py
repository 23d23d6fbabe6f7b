# badinput: --max-heap-mb with a non-number is refused
# kiln-args: --max-heap-mb lots
# expect-exit: 2
# expect-stderr: --max-heap-mb expects an integer from 0 to
print("ran")
