class Account:
    interest = 0.02

    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance

    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self.balance += amount

    def __repr__(self):
        return "Account(%r, %r)" % (self.owner, self.balance)


acc = Account("ann")
acc.deposit(10)
Account.interest = 0.05
print(acc, acc.interest, Account.interest)
acc.interest = 0.1
print(acc.interest, Account.interest)
accounts = [Account("a", 3), Account("b", 1), Account("c", 2)]
print(sorted(accounts, key=lambda a: a.balance))
print(max(accounts, key=lambda a: a.balance).owner)
acc.deposit(-1)
