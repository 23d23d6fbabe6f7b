# badinput: str index 2**63
# expect-exit: 1
# expect-stderr: IndexError: cannot fit 'int' into an index-sized integer
"abc"[2**63]
