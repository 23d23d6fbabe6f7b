# badinput: str index float
# expect-exit: 1
# expect-stderr: TypeError: string indices must be integers, not 'float'
"abc"[1.0]
