# badinput: '\t'.expandtabs(10**12)
# expect-exit: 1
# expect-stderr: MemoryError
"a\tb".expandtabs(10**12)
