# error: 2:16: f-string: valid expression required before '}'
print(f'value {} ')
