class Temperature:
    def __init__(self, celsius):
        self._celsius = celsius

    @property
    def fahrenheit(self):
        return self._celsius * 9 / 5 + 32

    @property
    def celsius(self):
        return self._celsius

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._celsius = value


t = Temperature(100)
print(t.fahrenheit, t.celsius)
t.celsius = 0
print(t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print("refused:", e)
print(t.celsius)
