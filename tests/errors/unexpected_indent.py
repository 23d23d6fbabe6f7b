# error: 3:5: unexpected indent
x = 1
    y = 2
