# error: 2:9: set literals are not supported in Kiln
items = {1, 2, 3}
