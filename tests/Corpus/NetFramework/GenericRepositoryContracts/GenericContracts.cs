using System;
using System.ServiceModel;
using Northwind.Backoffice.Entities;

namespace Northwind.Backoffice.Contracts
{
    /// <summary>The usual repository contract every entity service derives from.</summary>
    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface IRepository<T> where T : EntityBase
    {
        /// <summary>Reads one entity.</summary>
        /// <param name="id">Its key.</param>
        [OperationContract]
        T Get(int id);

        [OperationContract]
        Page<T> List(int pageIndex, int pageSize);

        [OperationContract]
        void Save(T entity);

        [OperationContract]
        void Delete(int id);
    }

    /// <summary>A repository with a count: a generic contract derived from another one.</summary>
    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface IEntityService<T> : IRepository<T> where T : EntityBase
    {
        [OperationContract]
        int Count();
    }

    /// <summary>CRUD over an entity with a key of its own type.</summary>
    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface ICrudService<TEntity, TKey>
    {
        [OperationContract]
        TEntity Read(TKey key);

        [OperationContract]
        TKey Create(TEntity entity);

        [OperationContract]
        void Update(TKey key, TEntity entity);
    }

    /// <summary>Implemented by a generic class and hosted per entity type at run time; no contract derives from it.</summary>
    [ServiceContract(Namespace = "http://northwind.example/backoffice/2019")]
    public interface IAuditTrail<TEntity>
    {
        [OperationContract]
        AuditEntry[] History(int id);
    }
}
