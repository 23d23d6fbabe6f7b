# error: 2:15: f-string: empty expression not allowed
print(f'value {} ')
