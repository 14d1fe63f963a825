using System;
using System.ServiceModel;

namespace Fabrikam.Media.Imaging
{
    [ServiceContract]
    public interface IImageResizer
    {
        // The End method was deleted in a refactoring; WCF fails when the host opens, the compiler does not mind.
        [OperationContract(AsyncPattern = true)]
        IAsyncResult BeginResize(byte[] image, int width, int height, AsyncCallback callback, object state);

        [OperationContract(AsyncPattern = true)]
        IAsyncResult BeginCrop(byte[] image, int x, int y, int width, int height, AsyncCallback callback, object state);

        byte[] EndCrop(IAsyncResult result);

        [OperationContract]
        string[] SupportedFormats();
    }
}
