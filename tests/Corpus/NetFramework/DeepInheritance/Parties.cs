using System;
using System.Runtime.Serialization;

namespace Contoso.Procurement.Parties
{
    [DataContract]
    public abstract class Entity
    {
        [DataMember] public long Id { get; set; }
    }

    [DataContract]
    public abstract class AuditableEntity : Entity
    {
        [DataMember] public DateTime CreatedUtc { get; set; }
        [DataMember] public string CreatedBy { get; set; }
        [DataMember] public DateTime? ModifiedUtc { get; set; }
    }

    [DataContract]
    [KnownType(typeof(Organization))]
    [KnownType(typeof(Person))]
    public class Party : AuditableEntity
    {
        [DataMember] public string DisplayName { get; set; }
    }

    [DataContract]
    [KnownType(typeof(Supplier))]
    public class Organization : Party
    {
        [DataMember] public string RegistrationNumber { get; set; }
        [DataMember] public string VatId { get; set; }
    }

    [DataContract]
    public class Person : Party
    {
        [DataMember] public string GivenName { get; set; }
        [DataMember] public string FamilyName { get; set; }
    }

    [DataContract]
    [KnownType(typeof(PreferredSupplier))]
    public class Supplier : Organization
    {
        [DataMember] public string PaymentTerms { get; set; }
        [DataMember] public int LeadTimeDays { get; set; }
    }

    [DataContract]
    public sealed class PreferredSupplier : Supplier
    {
        [DataMember] public decimal RebatePercent { get; set; }
        [DataMember] public DateTime ContractEnds { get; set; }
    }
}
