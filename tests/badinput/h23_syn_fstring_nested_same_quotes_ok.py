# badinput: f-strings nested four deep with the same quotes (PEP 701)
# expect-exit: 0
# expect-stdout: 1
x=1
print(f"{f"{f"{f"{x}"}"}"}")
