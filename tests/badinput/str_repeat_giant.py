# badinput: a string repeated 2**63 times
# expect-exit: 1
# expect-stderr: OverflowError: cannot fit 'int' into an index-sized integer
"ab" * 2**63
