# badinput: 150 f-strings nested in each other's fields (PEP 701 lets quotes repeat): CPython 3.12's tokenizer refuses the 150th (MAXFSTRINGLEVEL); Kiln parsed any depth up to its stack limit
# expect-exit: 1
# expect-stderr: SyntaxError: too many nested f-strings
n = 150
print(eval('f"{' * n + '1' + '}"' * n))
