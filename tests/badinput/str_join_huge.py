# badinput: ''.join of 10**7 references to a 10**6-character string
# expect-exit: 1
# expect-stderr: MemoryError
# skip-sanitize: one object built up to its 1 GiB limit: the limit is checked in the native run; under ASan the case only spends ~20 s faulting in a GiB
part = "x" * 10**6
parts = [part] * 10**7
"".join(parts)
