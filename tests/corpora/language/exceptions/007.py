log = []
for i in range(4):
    try:
        if i == 1:
            continue
        if i == 3:
            break
        log.append("body %d" % i)
    finally:
        log.append("finally %d" % i)
print(log)


def f():
    try:
        return "from try"
    finally:
        print("cleanup runs first")


print(f())
