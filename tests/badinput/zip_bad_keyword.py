# badinput: zip with a keyword it does not take
# expect-exit: 1
# expect-stderr: TypeError: 'fillvalue' is an invalid keyword argument for zip()
zip([1], [2], fillvalue=0)
