import Foundation
import KinetixCore
import Testing
import _KinetixTestSupport

@testable import KinetixProfiles

/// Evaluates `expression` as a metric over `sidecar`.
func evaluate(_ expression: String, on sidecar: Sidecar, parameters: String = "") throws -> [Float] {
    let text =
        #"{"format": "kinetix-profile", "formatVersion": 1, "id": "t", "version": "1", "title": "T", "kind": "body", "#
        + (parameters.isEmpty ? "" : #""parameters": \#(parameters), "#) + #""metrics": {"m": \#(jsonString(expression))}}"#
    let profile = try Profile.decode(Data(text.utf8))
    let assessor = Assessor(profile: profile, parameters: try profile.parameterValues(overriding: []))
    return assessor.metricColumns(sidecar, body: BodySeries(sidecar), rate: 30).columns[0]
}

@Suite("Expressions")
struct ExpressionTests {
    /// One frame: a standing pose in pixels with the left elbow bent 60° and the left knee 30°.
    let pose: Sidecar = {
        var builder = SidecarBuilder(space: CoordinateSpace(kind: .pixels, width: 1000, height: 1000))
        builder.addFrame(
            t: 0,
            Dictionary(
                uniqueKeysWithValues: KnownPose.upright(leftElbow: 60, leftKnee: 30).map {
                    ($0.key, (Float(500 + 50 * $0.value.x), Float(600 - 50 * $0.value.y), Float(1)))
                }))
        return builder.build()
    }()

    @Test("three-valued logic: a comparison with a missing value is unknown; && and || decide when one side settles it; != and max")
    func threeValued() throws {
        // if(c, 1, 0) shows a condition's value: 1, 0, or NaN for unknown. sqrt(-1) is missing.
        func value(_ condition: String) throws -> Float { try evaluate("if(\(condition), 1, 0)", on: pose)[0] }
        #expect(try value("sqrt(-1) > 0").isNaN && value("sqrt(-1) != 3").isNaN && value("sqrt(-1) == sqrt(-1)").isNaN)
        #expect(try value("!(sqrt(-1) > 0)").isNaN, "not unknown is unknown")
        #expect(try value("1 > 2 && sqrt(-1) > 0") == 0, "false && unknown is false")
        #expect(try value("sqrt(-1) > 0 && 1 > 2") == 0)
        #expect(try value("1 < 2 && sqrt(-1) > 0").isNaN, "true && unknown is unknown")
        #expect(try value("1 < 2 || sqrt(-1) > 0") == 1, "true || unknown is true")
        #expect(try value("1 > 2 || sqrt(-1) > 0").isNaN, "false || unknown is unknown")
        #expect(try value("2 != 3") == 1 && value("3 != 3") == 0)
        #expect(try evaluate("max(1, 5, 3)", on: pose)[0] == 5 && evaluate("min(4, 2, 9)", on: pose)[0] == 2)
        #expect(try evaluate("max(1, sqrt(-1))", on: pose)[0].isNaN, "a missing argument makes max missing")
    }

    @Test("every operator and numeric function is a case of its own, written as a profile writes it")
    func vocabulary() throws {
        let arithmetic: [CompiledExpression.Arithmetic: Float] = [.add: 8, .subtract: 4, .multiply: 12, .divide: 3]
        #expect(Set(arithmetic.keys) == Set(CompiledExpression.Arithmetic.allCases))
        for (op, expected) in arithmetic { #expect(try evaluate("6 \(op.rawValue) 2", on: pose)[0] == expected, "\(op)") }
        #expect(try evaluate("6 / 0", on: pose)[0].isNaN, "division by zero is missing, not infinite")
        let comparisons: [CompiledExpression.Comparison: (Float, Float, Float)] = [
            .less: (1, 0, 0), .lessOrEqual: (1, 1, 0), .greater: (0, 0, 1), .greaterOrEqual: (0, 1, 1), .equal: (0, 1, 0),
            .notEqual: (1, 0, 1),
        ]
        #expect(Set(comparisons.keys) == Set(CompiledExpression.Comparison.allCases))
        for (op, expected) in comparisons {
            let got = try (["1", "2", "3"].map { try evaluate("if(\($0) \(op.rawValue) 2, 1, 0)", on: pose)[0] })
            #expect(got == [expected.0, expected.1, expected.2], "\(op)")
        }
        for function in CompiledExpression.Function.allCases {
            #expect(CompileEnvironment.functions.contains(function.rawValue), "\(function) is offered in suggestions")
        }
        #expect(
            try evaluate("atan2(1, 1)", on: pose)[0] == 45 && evaluate("abs(-2)", on: pose)[0] == 2 && evaluate("sqrt(9)", on: pose)[0] == 3
        )
    }

    @Test("limb names, angle(), interior() and turn()")
    func angles() throws {
        #expect(abs(try evaluate("leftElbow", on: pose)[0] - 60) < 0.01)
        #expect(abs(try evaluate("angle(leftShoulder, leftElbow, leftWrist)", on: pose)[0] - 60) < 0.01)
        #expect(abs(try evaluate("interior(leftShoulder, leftElbow, leftWrist)", on: pose)[0] - 120) < 0.01)
        // The knee bent toward −x turns clockwise: negative.
        #expect(abs(try evaluate("turn(leftHip, leftKnee, leftAnkle)", on: pose)[0] + 30) < 0.01)
    }

    @Test("body coordinates: torso lengths, y up, hip-midpoint origin")
    func coordinates() throws {
        #expect(try evaluate("y(neck)", on: pose)[0] == 1)
        #expect(abs(try evaluate("x(leftShoulder)", on: pose)[0] - 1.0 / 3) < 1e-6)
        #expect(abs(try evaluate("distance(leftHip, rightHip)", on: pose)[0] - 0.4) < 1e-6)
        #expect(abs(try evaluate("y(midpoint(leftKnee, rightKnee))", on: pose)[0] + 2.0 / 3) < 1e-6)
    }

    @Test("arithmetic, precedence, functions, parameters and if()")
    func arithmetic() throws {
        #expect(try evaluate("1 + 2 * 3 - -4 / 2", on: pose)[0] == 9)
        #expect(try evaluate("max(1, 5, 3) - min(4, 2) + abs(-3) + sqrt(16)", on: pose)[0] == 10)
        #expect(try evaluate("atan2(1, 1)", on: pose)[0] == 45)
        #expect(try evaluate("$k * 2", on: pose, parameters: #"{"k": {"default": 21}}"#)[0] == 42)
        #expect(try evaluate("if(1 < 2 && !(3 < 2), 7, 8)", on: pose)[0] == 7)
        #expect(try evaluate("if(1 > 2, 7)", on: pose)[0].isNaN, "if() without an else is missing when false")
        #expect(try evaluate("1 / 0", on: pose)[0].isNaN)
    }

    @Test("missing joints propagate as NaN, never as 0")
    func missing() throws {
        var clip = pose
        clip.joints[.leftWrist, 0] = nil
        #expect(try evaluate("leftElbow", on: clip)[0].isNaN)
        #expect(try evaluate("x(leftWrist) + 1", on: clip)[0].isNaN)
    }
}
