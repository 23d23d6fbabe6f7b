# error: 2:23: positional argument follows keyword argument
model = Net(hidden=4, 3)
