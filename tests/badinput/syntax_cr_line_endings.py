# badinput: old Mac line endings (CR only) are newlines
# expect-exit: 0
# expect-stdout: cr 1
x = 1print('cr', x)