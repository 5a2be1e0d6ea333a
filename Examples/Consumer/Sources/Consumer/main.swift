import LinearAlgebra
import Primes

let a: Matrix<Double> = [[1, 2], [3, 4]]
let b: Matrix<Double> = [[5, 6], [7, 8]]
print("a * b =")
print(a * b)
print("primes below 100:", primes(upTo: 100))
// A rotation by 90° has eigenvalues ±i: complex results need no setting either.
let rotation: Matrix<Double> = [[0, -1], [1, 0]]
print("eigenvalues of a rotation:", try rotation.eigenvalues())
