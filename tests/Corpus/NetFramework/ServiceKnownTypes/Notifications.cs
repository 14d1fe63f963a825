using System;
using System.Collections.Generic;
using System.Reflection;
using System.Runtime.Serialization;
using System.ServiceModel;

namespace Litware.Messaging.Notifications
{
    [DataContract]
    public class Notification
    {
        [DataMember] public string Recipient { get; set; }
        [DataMember] public string Subject { get; set; }
    }

    [DataContract]
    public class EmailNotification : Notification
    {
        [DataMember] public string HtmlBody { get; set; }
        [DataMember] public string[] Attachments { get; set; }
    }

    [DataContract]
    public class SmsNotification : Notification
    {
        [DataMember] public string PhoneNumber { get; set; }
    }

    [DataContract]
    public class PushNotification : Notification
    {
        [DataMember] public string DeviceToken { get; set; }
        [DataMember] public int Badge { get; set; }
    }

    public static class NotificationTypes
    {
        public static IEnumerable<Type> GetKnownTypes(ICustomAttributeProvider provider) => new[] { typeof(PushNotification) };
    }

    [ServiceContract]
    [ServiceKnownType(typeof(EmailNotification))]
    [ServiceKnownType("GetKnownTypes", typeof(NotificationTypes))]
    public interface INotificationHub
    {
        [OperationContract]
        [ServiceKnownType(typeof(SmsNotification))]
        void Send(Notification notification);

        [OperationContract]
        Notification[] GetOutbox(string recipient);
    }
}
