def safe_div(a, b):
    try:
        result = a / b
    except ZeroDivisionError as e:
        print("error:", e)
        return None
    else:
        print("ok")
        return result
    finally:
        print("finally for", a, b)


print(safe_div(1, 2))
print(safe_div(1, 0))
