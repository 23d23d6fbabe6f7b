# error: 2:5: complex numbers are not supported in Kiln
z = 3j
