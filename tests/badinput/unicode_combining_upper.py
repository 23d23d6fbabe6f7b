# badinput: unicode combining upper (issue 31 sweep)
# expect-exit: 0
# expect-stdout: SS FFI 2 ǅ
print('\u00df'.upper(), '\ufb03'.upper(), len('\u0130'.lower()), 'ǅ'.swapcase())
