# error: 2:5: integer literal too large (Kiln ints are 64-bit)
n = 99999999999999999999
