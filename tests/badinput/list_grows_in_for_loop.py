# badinput: a for loop appends to the list it iterates: endless, stopped by the budget
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
lst = [1]
for x in lst:
    lst.append(x)
