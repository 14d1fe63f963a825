using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using MigrateWcf.Generator.Model;

namespace MigrateWcf.Generator.Discovery;

/// <summary>
/// Reads the callback contract a duplex service names (<c>[ServiceContract(CallbackContract = typeof(ICallback))]</c>):
/// the <c>[OperationContract]</c> methods of the callback interface and of every interface it extends. A callback
/// interface needs no <c>[ServiceContract]</c> of its own. The classes that implement it on the client, with their
/// <c>[CallbackBehavior]</c>, are read by <see cref="BehaviorReader"/>.
/// </summary>
internal sealed class CallbackContractReader
{
    private readonly OperationReader _operations;

    public CallbackContractReader(OperationReader operations) => _operations = operations;

    public EquatableArray<OperationModel> ReadOperations(INamedTypeSymbol callback)
    {
        var methods = new List<IMethodSymbol>(_operations.OperationMethods(callback));
        foreach (var baseInterface in callback.AllInterfaces)
        {
            methods.AddRange(_operations.OperationMethods(baseInterface));
        }

        return _operations.Read(methods, callback);
    }
}
