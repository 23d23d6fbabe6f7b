# badinput: int.to_bytes of a negative int without signed=True: "can't convert negative int to unsigned"
# expect-exit: 1
# expect-stderr: OverflowError: can't convert negative int to unsigned
(-1).to_bytes(1, 'big')
