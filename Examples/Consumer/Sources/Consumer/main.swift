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
// Small fixed-size matrices inline into the client, their SIMD kernels too.
if #available(macOS 26.0, *) {
  let m = StaticMatrix<4, 4, Float>([[4, 1, 0, 2], [1, 5, 1, 0], [0, 1, 6, 1], [2, 0, 1, 7]])
  print("4×4 Float inverse times the matrix:")
  print(try m.inverse() * m)
}
