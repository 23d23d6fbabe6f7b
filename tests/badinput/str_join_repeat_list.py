# badinput: str join repeat list (issue 31 sweep)
# expect-exit: 1
# expect-stderr: MemoryError: a list of 1 x 1000000000000 items is over Kiln's limit of 1 GiB for one list (hint: build it in pieces, or use a tensor)
s = ','.join(['abc'] * 10**12)
