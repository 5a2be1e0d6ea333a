import LinearAlgebra
import Primes

let a = Matrix<Double>(rows: 64, columns: 64, repeating: 1)
let product = a * a
print("64×64 product, element (0, 0):", product[0, 0])
print("primes below 1e6:", primes(upTo: 1_000_000).count)
