# badinput: --max-tensor-mb -1 is refused
# kiln-args: --max-tensor-mb -1
# expect-exit: 2
# expect-stderr: --max-tensor-mb
print("ran")
