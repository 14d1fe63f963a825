using System.Linq.Expressions;
using System.Reflection;
using System.ServiceModel;
using Microsoft.Extensions.DependencyInjection.Extensions;
using MigrateWcf.Runtime;

// Where grpc-dotnet puts AddGrpc: a using of Microsoft.Extensions.DependencyInjection brings them with it.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers migrated WCF services and the WCF semantics they run on (sessions, one-way calls, faults).</summary>
public static class WcfServiceCollectionExtensions
{
    /// <summary>gRPC plus the sessions, one-way work tracking and fault conversion; may be called more than once.
    /// <see cref="WcfServiceOptions"/> are ordinary options: <paramref name="configure"/>, or
    /// <c>services.Configure&lt;WcfServiceOptions&gt;(configuration.GetSection("Wcf"))</c>.</summary>
    public static IServiceCollection AddWcfSemantics(this IServiceCollection services, Action<WcfServiceOptions>? configure = null)
    {
        services.AddGrpc();
        MalformedRequests.Use(services);
        services.TryAddSingleton<WcfServiceRuntime>();
        services.AddHostedService(provider => provider.GetRequiredService<WcfServiceRuntime>());
        return configure is null ? services : services.Configure(configure);
    }

    /// <summary>
    /// The invoker a generated adapter takes; instances come from DI's activator (so a constructor may take services),
    /// except where the service has several constructors and none marked <see cref="ActivatorUtilitiesConstructorAttribute"/>,
    /// or no public one: there the parameterless one (public or not), the one WCF called.
    /// </summary>
    /// <remarks><paramref name="oneWayWorkers"/>: how many of its one-way calls run at once (its WCF serviceThrottling
    /// maxConcurrentCalls); null: <see cref="WcfServiceOptions.OneWayWorkers"/>. A second registration of the same
    /// <typeparamref name="TService"/> is ignored (<c>TryAdd</c>, as grpc-dotnet registers): the first one's settings
    /// hold.</remarks>
    public static IServiceCollection AddWcfService<TService>(this IServiceCollection services, InstanceMode instancing, ConcurrencyMode concurrency, int? oneWayWorkers = null)
        where TService : class
    {
        ArgumentOutOfRangeException.ThrowIfLessThan(oneWayWorkers ?? 1, 1, nameof(oneWayWorkers));
        var create = InstanceFactory<TService>();
        services.AddWcfSemantics().TryAddSingleton(provider => new ServiceInvoker<TService>(
            provider.GetRequiredService<WcfServiceRuntime>(), instancing, concurrency, () => create(provider), owned: true, oneWayWorkers));
        return services;
    }

    private static Func<IServiceProvider, TService> InstanceFactory<TService>()
        where TService : class
    {
        var constructors = typeof(TService).GetConstructors();
        if (constructors.Length == 0
            && typeof(TService).GetConstructor(BindingFlags.Instance | BindingFlags.NonPublic, Type.EmptyTypes) is { } hidden)
        {
            // WCF's dispatcher creates a service through its parameterless constructor, public or not.
            var construct = Expression.Lambda<Func<TService>>(Expression.New(hidden)).Compile();
            return _ => construct();
        }

        if (constructors.Length > 1
            && !constructors.Any(c => c.IsDefined(typeof(ActivatorUtilitiesConstructorAttribute), inherit: false))
            && constructors.FirstOrDefault(c => c.GetParameters().Length == 0) is { } parameterless)
        {
            var construct = Expression.Lambda<Func<TService>>(Expression.New(parameterless)).Compile();
            return _ => construct();
        }

        var create = ActivatorUtilities.CreateFactory<TService>([]);
        return provider => create(provider, null);
    }

    /// <summary>A Single service over an instance the caller made (WCF's ServiceHost(object)): never disposed by us. A
    /// second registration of the same <typeparamref name="TService"/> is ignored.</summary>
    public static IServiceCollection AddWcfService<TService>(this IServiceCollection services, TService singleton, ConcurrencyMode concurrency)
        where TService : class
    {
        services.AddWcfSemantics().TryAddSingleton(provider => new ServiceInvoker<TService>(
            provider.GetRequiredService<WcfServiceRuntime>(), InstanceMode.Single, concurrency, () => singleton, owned: false));
        return services;
    }

    /// <summary>What <see cref="WcfWebOperationContext.Current"/> needs: the current request (<c>IHttpContextAccessor</c>).
    /// Only for services that use WCF's WebOperationContext: the accessor costs every request an async-local update.</summary>
    public static IServiceCollection AddWcfWebOperations(this IServiceCollection services)
        => services.AddHttpContextAccessor();
}
