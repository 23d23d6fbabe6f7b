# badinput: ''.join of 10**7 references to a 10**6-character string
# expect-exit: 1
# expect-stderr: MemoryError
part = "x" * 10**6
parts = [part] * 10**7
"".join(parts)
