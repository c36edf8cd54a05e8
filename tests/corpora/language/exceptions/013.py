try:
    pass
except ValueError:
    print("never")
else:
    print("else runs")
finally:
    print("finally runs")
try:
    x = [1, 2, 3]
    x.remove(5)
except ValueError as e:
    message = str(e)
print(message)
print(e)
